import { maskPersonalIdNumber, maskPhone } from '@yaoshi/contracts/personal-data';
import type { Permission } from '@yaoshi/contracts/staff-roles';
import type { StaffPrincipal } from '../auth/authenticator';

/** The permission that shows ID numbers and phones whole. */
export const REVEAL_PERMISSION: Permission = 'learners.reveal';

/**
 * How one staff member sees learners' ID numbers and phones (docs/security.md, "Masking"):
 * whole with `learners.reveal`, masked otherwise. Every console read that returns either
 * value passes it through here, so the masking happens on the server and a role without the
 * permission never receives a whole number. A closed account's phone placeholder shows as ''.
 */
export interface PersonalView {
  readonly full: boolean;
  idNumber(value: string): string;
  phone(value: string): string;
}

const isRealPhone = (value: string) => /^1\d{10}$/.test(value);

export const FULL_VIEW: PersonalView = {
  full: true,
  idNumber: (value) => value,
  phone: (value) => (isRealPhone(value) ? value : ''),
};

export const MASKED_VIEW: PersonalView = {
  full: false,
  idNumber: maskPersonalIdNumber,
  phone: (value) => (isRealPhone(value) ? maskPhone(value) : ''),
};

export function mayReveal(staff: Pick<StaffPrincipal, 'permissions'> | null): boolean {
  return staff !== null && staff.permissions.has(REVEAL_PERMISSION);
}

export function personalViewOf(staff: Pick<StaffPrincipal, 'permissions'> | null): PersonalView {
  return mayReveal(staff) ? FULL_VIEW : MASKED_VIEW;
}

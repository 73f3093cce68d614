import { maskPersonalIdNumber, maskPhone } from '@yaoshi/contracts/personal-data-rules';
import type { Permission } from '@yaoshi/contracts/staff-roles';
import type { StaffPrincipal } from './authenticator';

/** The permission that reveals a learner's whole ID number or phone, and exports them whole. */
export const REVEAL_PERMISSION: Permission = 'learners.reveal';

/**
 * How learners' ID numbers and phones leave the server (docs/security.md, "Masking"). Every
 * console read that returns either value passes it through a view, so the masking happens
 * here and the browser never receives a whole number it does not show. A closed account's
 * phone placeholder shows as ''.
 */
export interface PersonalView {
  /**
   * Whether the reader holds `learners.reveal`: then a search may match part of a number
   * (otherwise only a whole one, so a part cannot spell a number out digit by digit).
   */
  readonly mayReveal: boolean;
  idNumber(value: string): string;
  phone(value: string): string;
}

const isRealPhone = (value: string) => /^1\d{10}$/.test(value);

/** Whole numbers: only an export requested with `learners.reveal`. */
export const FULL_VIEW: PersonalView = {
  mayReveal: true,
  idNumber: (value) => value,
  phone: (value) => (isRealPhone(value) ? value : ''),
};

/** Masked numbers (3201**********4510, 138****5678). */
export const MASKED_VIEW: PersonalView = {
  mayReveal: false,
  idNumber: maskPersonalIdNumber,
  phone: (value) => (isRealPhone(value) ? maskPhone(value) : ''),
};

export function mayReveal(staff: Pick<StaffPrincipal, 'permissions'> | null): boolean {
  return staff !== null && staff.permissions.has(REVEAL_PERMISSION);
}

/**
 * The console's view for `staff`: masked by default for every role; one with
 * `learners.reveal` shows one value whole at a time through the audited reveal.
 */
export function personalViewOf(staff: Pick<StaffPrincipal, 'permissions'> | null): PersonalView {
  return { ...MASKED_VIEW, mayReveal: mayReveal(staff) };
}

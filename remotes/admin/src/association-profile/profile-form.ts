import type { AssociationProfile } from '@yaoshi/contracts/association-profile';

/** The console form's shape: the profile flattened, footer lines as one text with a line each. */
export interface ProfileFormValues {
  name: string;
  short_name: string;
  sms_signature: string;
  introduction: { title: string; html: string }[];
  charter: string;
  address: string;
  postcode: string;
  supervision_phone: string;
  support_phones: string[];
  longitude: number | null;
  latitude: number | null;
  footer_lines: string;
  privacy_policy: string;
  learner_agreement: string;
}

export function formValuesOf(profile: AssociationProfile): ProfileFormValues {
  return {
    name: profile.name,
    short_name: profile.short_name,
    sms_signature: profile.sms_signature,
    introduction: profile.introduction.map((chapter) => ({ ...chapter })),
    charter: profile.charter,
    address: profile.contact.address,
    postcode: profile.contact.postcode,
    supervision_phone: profile.contact.supervision_phone,
    support_phones: [...profile.contact.support_phones],
    longitude: profile.contact.longitude,
    latitude: profile.contact.latitude,
    footer_lines: profile.footer_lines.join('\n'),
    privacy_policy: profile.privacy_policy,
    learner_agreement: profile.learner_agreement,
  };
}

const text = (value: string | undefined) => (value ?? '').trim();
const numberOrNull = (value: number | null | undefined) => (typeof value === 'number' ? value : null);

/** The form's values as the API takes them; the server validates again. */
export function profileOf(values: Partial<ProfileFormValues>): AssociationProfile {
  return {
    name: text(values.name),
    short_name: text(values.short_name),
    sms_signature: text(values.sms_signature),
    introduction: (values.introduction ?? []).map((chapter) => ({
      title: text(chapter.title),
      html: chapter.html,
    })),
    charter: values.charter ?? '',
    contact: {
      address: text(values.address),
      postcode: text(values.postcode),
      supervision_phone: text(values.supervision_phone),
      support_phones: (values.support_phones ?? []).map(text).filter((phone) => phone !== ''),
      longitude: numberOrNull(values.longitude),
      latitude: numberOrNull(values.latitude),
    },
    footer_lines: (values.footer_lines ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    privacy_policy: values.privacy_policy ?? '',
    learner_agreement: values.learner_agreement ?? '',
  };
}

/**
 * Small rules of the public site shared by the shell and public-content. No zod here: these
 * run on the home page's first load, which must not pull in the schemas.
 */

interface SupportPhones {
  site_support_phone1: string;
  site_support_phone2: string;
  site_support_phone3?: string | undefined;
}

/** The two or three support phones that are set, in order (side panel and /contactUs). */
export function supportPhonesOf(site: SupportPhones): string[] {
  return [site.site_support_phone1, site.site_support_phone2, site.site_support_phone3].filter(
    (phone): phone is string => Boolean(phone),
  );
}

/** The floating advertisement's enrolment line for the current study year, e.g. 2026年度报名中. */
export function enrolmentCaption(studyYear: number): string {
  return `${studyYear}年度报名中`;
}

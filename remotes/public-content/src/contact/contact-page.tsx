import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { ContactView } from './contact-view';
import { usePublicTitle } from '../layout/public-title';
import { PAGE_TITLES } from '../page-titles';

/** `/contactUs`: the map and the contact block (address, postcode, support and supervision phones, working hours, WeChat QR). */
export default function ContactPage() {
  const { data: site } = useSiteSettingsQuery();
  usePublicTitle(PAGE_TITLES['./ContactUs']);
  return <ContactView site={site} />;
}

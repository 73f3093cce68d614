import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { ContactView } from './contact-view';

/** `/contactUs`: the map and the contact block (address, postcode, support and supervision phones, working hours, WeChat QR). */
export default function ContactPage() {
  const { data: site } = useSiteSettingsQuery();
  return <ContactView site={site} />;
}

import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { SidePanelView } from '@yaoshi/ui/site-frame';

/** The 服务热线 side panel (spec 01 §1) once the site settings are in (shared with the server's HTML). */
export function SidePanel() {
  const { data: site } = useSiteSettingsQuery();
  return site ? <SidePanelView site={site} /> : null;
}

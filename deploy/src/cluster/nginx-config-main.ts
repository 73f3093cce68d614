import { nginxSiteConfig } from './nginx-config';
import { PRODUCTION_NGINX_SITE } from './production-layout';

/** `npm run -s nginx-config -w deploy`: prints the production site configuration (deploy/nginx/yaoshi.conf). */
process.stdout.write(nginxSiteConfig(PRODUCTION_NGINX_SITE));

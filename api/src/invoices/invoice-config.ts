import { readKeyFile } from '../payment/payment-config';

/**
 * The invoice part of the server's configuration (issue 37, read by config.ts): which
 * e-invoice provider issues the association's 增值税电子普通发票, what the invoice's line says,
 * and where the 诺诺 credentials are. Credentials are files (or secret mounts) named here, as
 * the payment keys are, never values in the environment or the repository.
 */

export const INVOICE_PROVIDERS = ['sandbox', 'nuonuo'] as const;
export type InvoiceProviderName = (typeof INVOICE_PROVIDERS)[number];

/** 诺诺开放平台's production address; its sandbox is https://sandbox.nuonuocs.cn/open/v1/services. */
export const NUONUO_DEFAULT_BASE_URL = 'https://sdk.nuonuo.com/open/v1/services';

/** The line of a continuing-education invoice unless configured otherwise. */
/** How long the poll job waits between two questions about an invoice 开票中, by default (seconds). */
export const DEFAULT_INVOICE_POLL_SECONDS = 30;
export const DEFAULT_INVOICE_LINE_NAME = '培训费';
/** 6%: the VAT rate of 现代服务—教育辅助服务 for a general taxpayer; small-scale taxpayers set theirs. */
export const DEFAULT_INVOICE_TAX_RATE = '0.06';
/** 税收分类编码 3070201020000000000: 非学历教育服务 (continuing-education training). */
export const DEFAULT_INVOICE_TAX_CODE = '3070201020000000000';

export interface NuonuoConfig {
  /** `NUONUO_APP_KEY_FILE`: a file holding the appKey of the association's 自用型应用. */
  appKeyFile: string | undefined;
  /** `NUONUO_APP_SECRET_FILE`: its appSecret. */
  appSecretFile: string | undefined;
  /** `NUONUO_ACCESS_TOKEN_FILE`: the accessToken 诺诺 issued to the application. */
  accessTokenFile: string | undefined;
  /** `NUONUO_TAX_NUMBER_FILE`: the association's 税号 (userTax, salerTaxNum). */
  taxNumberFile: string | undefined;
  /** `NUONUO_BASE_URL`, default NUONUO_DEFAULT_BASE_URL (tests: the simulator). */
  baseUrl: string | undefined;
  /** `NUONUO_SELLER_PHONE`, `NUONUO_SELLER_ADDRESS`: 销方电话、地址 printed on the invoice. */
  sellerPhone: string | undefined;
  sellerAddress: string | undefined;
  /** `NUONUO_CLERK`: 开票员 printed on the invoice. */
  clerk: string | undefined;
}

export interface InvoiceConfig {
  /** `INVOICE_PROVIDER`, default `sandbox`. */
  invoiceProvider: InvoiceProviderName;
  /** `INVOICE_LINE_NAME` (培训费), `INVOICE_TAX_RATE` (0.06), `INVOICE_TAX_CODE` (税收分类编码). */
  invoiceLine: { name: string; taxRate: string; taxCode: string };
  /**
   * `INVOICE_POLL_SECONDS`, default 30 (INVOICE_POLL_SECONDS of invoice-issuing.ts): how long
   * the poll job waits before asking the provider again about an invoice 开票中 (1 to 3600).
   */
  invoicePollSeconds: number;
  nuonuo: NuonuoConfig;
}

type Environment = Readonly<Record<string, string | undefined>>;

export class InvoiceConfigError extends Error {
  override name = 'ConfigError';
}

function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A rate as the provider takes it: a decimal from 0 to 1 with at most 3 places ('0.06', '0.03', '0'). */
const TAX_RATE = /^(0(\.\d{1,3})?|1(\.0{1,3})?)$/;
/** 税收分类编码: 19 digits. */
const TAX_CODE = /^\d{19}$/;

export function invoiceConfigFromEnv(env: Environment): InvoiceConfig {
  const provider = read(env, 'INVOICE_PROVIDER') ?? 'sandbox';
  if (!(INVOICE_PROVIDERS as readonly string[]).includes(provider))
    throw new InvoiceConfigError(`INVOICE_PROVIDER must be one of ${INVOICE_PROVIDERS.join(', ')}, got "${provider}".`);
  const taxRate = read(env, 'INVOICE_TAX_RATE') ?? DEFAULT_INVOICE_TAX_RATE;
  if (!TAX_RATE.test(taxRate))
    throw new InvoiceConfigError(`INVOICE_TAX_RATE must be a decimal such as 0.06 or 0.03, got "${taxRate}".`);
  const taxCode = read(env, 'INVOICE_TAX_CODE') ?? DEFAULT_INVOICE_TAX_CODE;
  if (!TAX_CODE.test(taxCode))
    throw new InvoiceConfigError(`INVOICE_TAX_CODE must be the 19-digit 税收分类编码, got "${taxCode}".`);
  const pollText = read(env, 'INVOICE_POLL_SECONDS');
  const pollSeconds = pollText === undefined ? DEFAULT_INVOICE_POLL_SECONDS : Number(pollText);
  if (!/^\d+$/.test(pollText ?? '30') || pollSeconds < 1 || pollSeconds > 3600)
    throw new InvoiceConfigError(`INVOICE_POLL_SECONDS must be a number of seconds from 1 to 3600, got "${pollText}".`);
  return {
    invoiceProvider: provider as InvoiceProviderName,
    invoicePollSeconds: pollSeconds,
    invoiceLine: { name: read(env, 'INVOICE_LINE_NAME') ?? DEFAULT_INVOICE_LINE_NAME, taxRate, taxCode },
    nuonuo: {
      appKeyFile: read(env, 'NUONUO_APP_KEY_FILE'),
      appSecretFile: read(env, 'NUONUO_APP_SECRET_FILE'),
      accessTokenFile: read(env, 'NUONUO_ACCESS_TOKEN_FILE'),
      taxNumberFile: read(env, 'NUONUO_TAX_NUMBER_FILE'),
      baseUrl: read(env, 'NUONUO_BASE_URL'),
      sellerPhone: read(env, 'NUONUO_SELLER_PHONE'),
      sellerAddress: read(env, 'NUONUO_SELLER_ADDRESS'),
      clerk: read(env, 'NUONUO_CLERK'),
    },
  };
}

/** The credential files of 诺诺, by variable. */
export const NUONUO_FILES = [
  ['NUONUO_APP_KEY_FILE', 'appKeyFile'],
  ['NUONUO_APP_SECRET_FILE', 'appSecretFile'],
  ['NUONUO_ACCESS_TOKEN_FILE', 'accessTokenFile'],
  ['NUONUO_TAX_NUMBER_FILE', 'taxNumberFile'],
] as const;

/**
 * What keeps the configured provider from working, one sentence each (checked at start in
 * every mode, like the payment gateways): unreadable credentials, missing seller details, and
 * in production a provider address that is not https.
 */
export function invoiceConfigProblems(config: InvoiceConfig, production: boolean): string[] {
  if (config.invoiceProvider !== 'nuonuo') return [];
  const problems: string[] = [];
  const n = config.nuonuo;
  for (const [variable, field] of NUONUO_FILES) {
    try {
      readKeyFile(variable, n[field]);
    } catch (error) {
      problems.push(
        n[field] === undefined
          ? `${variable} is unset, but nuonuo is the configured invoice provider.`
          : (error as Error).message,
      );
    }
  }
  for (const [variable, value] of [
    ['NUONUO_SELLER_PHONE', n.sellerPhone],
    ['NUONUO_SELLER_ADDRESS', n.sellerAddress],
    ['NUONUO_CLERK', n.clerk],
  ] as const) {
    if (value === undefined) problems.push(`${variable} is unset, but nuonuo is the configured invoice provider.`);
  }
  if (production && n.baseUrl !== undefined && !n.baseUrl.startsWith('https://'))
    problems.push(`NUONUO_BASE_URL must be https in production, got "${n.baseUrl}".`);
  return problems;
}

/**
 * Production refuses the sandbox unless the site is a declared staging site (as with the
 * payment sandbox): its invoices are drawn by us, marked 测试发票（无效）, and worth nothing.
 */
export function invoiceProductionProblems(config: InvoiceConfig, stagingSandbox: boolean, allow: string): string[] {
  if (config.invoiceProvider !== 'sandbox' || stagingSandbox) return [];
  return [
    `INVOICE_PROVIDER is the sandbox: learners would receive invoices drawn by this site and marked 测试发票（无效）, not 增值税电子普通发票. Set INVOICE_PROVIDER=nuonuo with its settings, or set STAGING_SANDBOX=${allow} on a staging site.`,
  ];
}

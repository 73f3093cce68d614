import { changeAddress, citiesOf, countiesOf, loadRegions } from './regions';

test('the package table links cities and counties to their parents by code prefix', async () => {
  const regions = await loadRegions();
  expect(regions.provinces.find((p) => p.code === '32')?.name).toBe('江苏省');
  const jiangsu = citiesOf(regions, '32');
  expect(jiangsu.map((c) => c.name)).toContain('南京市');
  expect(jiangsu.every((c) => c.code.startsWith('32'))).toBe(true);
  const nanjing = countiesOf(regions, '3201');
  expect(nanjing.map((c) => c.name)).toContain('鼓楼区');
  expect(citiesOf(regions, undefined)).toEqual([]);
});

test('changing the province clears city and county; changing the city clears the county', () => {
  const full = { province_id: '32', city_id: '3201', area_id: '320106' };
  expect(changeAddress(full, { province_id: '11' })).toEqual({
    province_id: '11',
    city_id: undefined,
    area_id: undefined,
  });
  expect(changeAddress(full, { province_id: '32' })).toEqual(full);
  expect(changeAddress(full, { city_id: '3202' })).toEqual({ province_id: '32', city_id: '3202', area_id: undefined });
  expect(changeAddress(full, { area_id: '320102' })).toEqual({ ...full, area_id: '320102' });
});

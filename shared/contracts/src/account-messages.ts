/**
 * The validation texts of spec 01 §5, in Chinese, shared by the browser forms and the
 * server's contracts so both show the same words for the same mistake.
 */
import { AGREEMENT_NAME } from './site-names';

export const ACCOUNT_MESSAGES = {
  // Login box
  loginIdInvalid: '请输入正确的身份证号或手机号',
  loginPasswordRequired: '请输入正确的密码',
  loginPhoneInvalid: '请输入正确的手机号',
  codeRequired: '请输入验证码',
  codeTooLong: '验证码为6位数字',
  agreementRequired: `请先勾选${AGREEMENT_NAME}`,
  // "Get code" button
  codePhoneRequired: '请输入手机号',
  codePhoneInvalid: '手机号格式不正确',
  codeSent: '验证码已发送',

  // Forgot-password dialog
  newPasswordRequired: '请输入新密码',
  confirmNewPasswordRequired: '请确认新密码',
  forgotPasswordLength: '长度在 6 到 12 个字符',
  idNumberRequired: '请输入身份证号',
  idNumberInvalid: '请输入正确的身份证号',
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的手机号',

  // Profile form
  nameRequired: '请输入姓名',
  educationRequired: '请选择学历',
  sexRequired: '请选择性别',
  majorRequired: '请输入专业',
  certificationTypeRequired: '请选择证书类型',
  ethnicRequired: '请选择民族',
  emailRequired: '请输入邮箱',
  emailInvalid: '格式不正确',
  professionRanksRequired: '请选择职称',
  politicsStatusRequired: '请选择政治面貌',
  certificationNumber1Required: '请输入资格证书编号1',
  companyRequired: '请输入工作单位',
  companyChineseOnly: '工作单位只能为中文',
  graduateSchoolRequired: '请输入毕业院校',
  unitAddressRequired: '请选择单位地址',
  unitAddressInvalid: '单位地址不正确，请重新选择',
  fieldTooLong: (max: number) => `不能超过${max}个字符`,

  // Password change
  passwordRequired: '请输入密码',
  passwordTooShort: '密码长度不能小于6位',
  passwordTooLong: '密码长度不能超过64位',
  confirmPasswordRequired: '请输入确认密码',
  confirmPasswordEmpty: '请再次输入密码',
  passwordsDiffer: '两次输入的密码不一致',

  // Feedback after success (spec 01 §4)
  saveSuccess: '保存成功',
  changeSuccess: '修改成功',
} as const;

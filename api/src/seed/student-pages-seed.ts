import { sanitizeRichText } from '../content/rich-text';
import { studentPages } from '../db/schema';
import type { SeedPart } from './seed';
import { COURSE_KIND_NAMES, STUDENT_PAGE_NAMES as N } from '@yaoshi/contracts/site-names';

/** /studentsNote (spec 01 §2): a banner, the study-and-assessment process, the notice. */
export const STUDENTS_NOTE = {
  thumb: '/media/slides/continuing-education.svg',
  excerpt:
    `执业药师每年须完成不少于90学时的继续教育，其中${COURSE_KIND_NAMES.professional}不少于60学时、${COURSE_KIND_NAMES.public}不少于30学时。学员在线选课、缴费后即可学习，课程进度达到100%并通过${N.examList}即计入当年学时。`,
  content: [
    '<h3>一、学习流程</h3>',
    '<ol>',
    '<li>登录后在“我的信息”中核对并完善个人资料，首次登录须完成人脸采集，审核通过后方可学习。</li>',
    `<li>在“${N.signStudy}”“${N.publicSignStudy}”中选择本年度课程，${N.signStudy}须在“${N.pay}”页面完成支付，${COURSE_KIND_NAMES.public}免费报名。</li>`,
    `<li>在“${N.myCourse}”“${N.publicCourse}”中观看课程视频，学习过程中系统将随机进行人脸核验。</li>`,
    `<li>课程进度达到100%后完成“${N.examList}”，成绩合格即计入学时与学分。</li>`,
    '</ol>',
    '<h3>二、学员须知</h3>',
    '<ul>',
    '<li>请本人实名学习，严禁代学、挂机或通过平台以外的途径交易学时；一经发现，当年学习档案不予审核通过。</li>',
    '<li>更换人脸照片后须重新审核，审核期间暂停学习。</li>',
    '<li>初始密码为身份证号后6位，请登录后及时修改密码，妥善保管账号信息。</li>',
    '<li>学习中遇到问题，请在工作时间拨打页面右侧的服务电话咨询。</li>',
    '</ul>',
  ].join(''),
};

/** /agreement (spec 02): the service agreement and privacy policy, as HTML. */
export const SERVICE_AGREEMENT = [
  '<h2>继续教育平台服务协议及隐私政策</h2>',
  '<p>欢迎使用江苏省药师协会继续教育平台（以下简称“平台”）。在使用平台服务前，请您仔细阅读本协议。您登录并使用平台，即表示您已阅读并同意本协议的全部内容。</p>',
  '<h3>一、账号与安全</h3>',
  '<p>学员账号由协会根据执业药师注册信息开通，以身份证号或手机号登录。学员应妥善保管密码，因密码泄露造成的损失由学员自行承担。</p>',
  '<h3>二、学习规范</h3>',
  '<p>学员应本人参加学习并接受人脸核验。代学、挂机、使用技术手段篡改学习记录或通过平台以外的途径交易学时的，平台有权取消相应学时，当年学习档案不予审核通过。</p>',
  '<h3>三、费用与退款</h3>',
  '<p>课程费用以缴费页面公示为准。缴费满1个月或已开始学习的订单不予退款，因平台系统原因导致无法学习的除外。单位统一缴费的学员无需个人缴费。</p>',
  '<h3>四、个人信息保护</h3>',
  '<p>平台仅为身份核验、学时记录和继续教育管理之目的收集您的姓名、身份证号、手机号、工作单位、人脸照片等信息，并依法采取安全措施加以保护。除法律法规规定或主管部门要求外，平台不会向第三方提供您的个人信息。</p>',
  '<p>您可以在“我的信息”中查阅和更正个人资料；姓名、手机号、身份证号和证书类型如需更正，请联系协会办理。</p>',
  '<h3>五、其他</h3>',
  '<p>本协议的解释权归江苏省药师协会所有。协议内容如有变更，将在平台公布。</p>',
].join('');

/** The student notice and the agreement, each written only when missing. */
export const seedStudentPages: SeedPart = async ({ tx, clock }) => {
  const now = clock.now();
  const inserted = await tx
    .insert(studentPages)
    .values([
      { slug: 'students-note', ...STUDENTS_NOTE, content: sanitizeRichText(STUDENTS_NOTE.content), updatedAt: now },
      { slug: 'agreement', content: sanitizeRichText(SERVICE_AGREEMENT), updatedAt: now },
    ])
    .onConflictDoNothing()
    .returning({ slug: studentPages.slug });
  return inserted.length > 0;
};

import type { TopicPageSlug } from '../db/schema';
import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

/**
 * The association the demo site belongs to. Its name is the default page title (spec 01
 * §1), so it is written once here and used by every seed text that mentions it.
 */
export const ASSOCIATION = {
  name: '江苏省药师协会',
  shortName: '省药师协会',
  address: '江苏省南京市鼓楼区汉中门大街 199 号 6 楼',
  postcode: '210029',
  icp: '苏ICP备2021034567号-1',
  supervisionPhone: '025-86610001',
  supportPhones: ['025-86610002', '025-86610003', '025-86610005'] as const,
  workTimeAm: '上午 8:30-12:00',
  workTimePm: '下午 14:00-17:30',
  wechatQrcode: '/media/site/wechat-qrcode.svg',
  staffQrcode: '/media/site/staff-qrcode.svg',
  // Demo links of /downloadApp; the association replaces them with its store pages.
  iosAppUrl: 'https://apps.apple.com/cn/app/id1600000000',
  androidAppUrl: 'https://a.app.qq.com/o/simple.jsp?pkgname=cn.org.jspharm.app',
} as const;

/** Spec 01 §2: the ids are fixed and linked from the client; 6 is hidden from navigation. */
export const CATEGORY_SEED = [
  { id: 1, name: '协会动态' },
  { id: 2, name: '办事指南' },
  { id: 3, name: '继续教育' },
  { id: 4, name: '新闻资讯' },
  { id: 5, name: '药学服务' },
  { id: 6, name: '联系我们' },
  { id: 21, name: '党群工作' },
  { id: 22, name: '会员风采' },
  { id: 24, name: '协会简介' },
] as const;

export const FRIEND_LINK_SEED = [
  { name: '国家药品监督管理局', url: 'https://www.nmpa.gov.cn/' },
  { name: '国家卫生健康委员会', url: 'http://www.nhc.gov.cn/' },
  { name: '国家药监局执业药师资格认证中心', url: 'http://www.cqlp.org/' },
  { name: '中国药师协会', url: 'http://www.clponline.cn/' },
  { name: '中国药学会', url: 'https://www.cpa.org.cn/' },
  { name: '江苏省药品监督管理局', url: 'http://da.jiangsu.gov.cn/' },
  { name: '江苏省卫生健康委员会', url: 'http://wjw.jiangsu.gov.cn/' },
] as const;

/** Links are the site's own client routes (spec 01 §2). */
export const slideSeed = (year: number) => [
  { title: `${year}年度执业药师继续教育报名开始`, image: '/media/slides/continuing-education.svg', url: '/newDetail?api=education' },
  { title: '合理用药 药师在身边', image: '/media/slides/pharmacy-service.svg', url: '/newsList?newsId=5' },
  { title: `${ASSOCIATION.name}第三届会员代表大会召开`, image: '/media/slides/association-congress.svg', url: '/newsList?newsId=1' },
];

export const textAdvertisement = (year: number) =>
  `<p><strong>${year}年度执业药师继续教育已开放报名</strong></p>` +
  `<p>请于 ${year} 年 12 月 31 日前完成公需科目 30 学时和专业科目 60 学时的学习。` +
  '登录学员中心即可选课、缴费和在线学习，学习中如遇问题请拨打客服电话 ' +
  `${ASSOCIATION.supportPhones[0]}。</p>`;

export const IMAGE_ADVERTISEMENT = {
  imageUrl: '/media/adv/continuing-education-float.svg',
  linkUrl: '/newDetail?api=education',
} as const;

const phones = ASSOCIATION.supportPhones.join('、');

/** The three quick-link pages of the home page (spec 01 §1), shown at /newDetail?api=…. */
export const topicPageSeed = (year: number): Record<TopicPageSlug, { title: string; content: string }> => ({
  education: {
    title: `${year}年度执业药师继续教育实施说明`,
    content: [
      `<p>根据《执业药师继续教育暂行规定》，${ASSOCIATION.name}受委托组织实施本省执业药师年度继续教育。现将 ${year} 年度有关事项说明如下。</p>`,
      '<h3>一、学习对象</h3>',
      '<p>在本省注册或拟在本省注册的执业药师，以及从事药学服务的其他药学专业技术人员。</p>',
      '<h3>二、学时要求</h3>',
      '<p>执业药师每年参加继续教育不少于 90 学时，其中公需科目不少于 30 学时，专业科目不少于 60 学时。专业科目按西药、中药两个类别设置课程，双证执业药师可任选其一。</p>',
      '<h3>三、学习方式</h3>',
      '<ol><li>登录本网站学员中心，选择学习年度并完成选课；</li><li>按页面提示支付年度学习费用，单位统一缴费的学员无需个人支付；</li><li>在线观看课程视频，学习过程中系统将进行人脸识别验证；</li><li>课程进度达到 100% 后计入学时，完成课后练习即可查询学分。</li></ol>',
      '<h3>四、注意事项</h3>',
      '<p>学习档案须本人完成。经审核发现代学、替学等情形的，当年学时不予认定，已缴费用不予退还。</p>',
      `<p>咨询电话：${phones}（工作日${ASSOCIATION.workTimeAm}，${ASSOCIATION.workTimePm}）。</p>`,
    ].join(''),
  },
  credit: {
    title: '继续教育学分查询说明',
    content: [
      '<p>学员可通过以下方式查询本人继续教育学分：</p>',
      '<ol><li>登录学员中心，进入“专业课学习”或“公需课学习”，页面上方显示当年已获学分、学时和总进度；</li>',
      '<li>单门课程进度达到 100% 方计入学分和学时，学分、学时保留一位小数；</li>',
      '<li>年度学习全部完成后，可在“我的订单”中查看对应年度的学习记录。</li></ol>',
      '<p>学分数据在课程学习完成后即时更新。如对学分有疑问，请携带身份证号与客服联系核实，请勿重复购买课程。</p>',
      '<p>往年学分可在“继续教育补学”栏目中查询，补学完成的学时计入对应年度。</p>',
      `<p>咨询电话：${phones}。</p>`,
    ].join(''),
  },
  promote: {
    title: '药学专业技术人员晋级培训报名须知',
    content: [
      `<p>为帮助药学专业技术人员做好职称晋升准备，${ASSOCIATION.name}开设晋级培训班，内容涵盖药事管理与法规、临床药物治疗学和药学服务实务。</p>`,
      '<h3>报名条件</h3>',
      '<p>具有药学或相关专业学历，拟于本年度申报初级、中级或高级药学专业技术资格的在职人员。</p>',
      '<h3>报名方式</h3>',
      `<p>登录学员中心，在“${STUDENT_PAGE_NAMES.publicSignStudy}”中选择“晋级培训”课程包并完成缴费。培训以线上视频课程为主，另安排两次线上答疑。</p>`,
      '<h3>培训安排</h3>',
      `<ul><li>报名时间：即日起至 ${year} 年 9 月 30 日；</li><li>学习时间：报名成功后至 ${year} 年 12 月 31 日；</li><li>模拟考试：课程学习完成后可在“课后练习”中参加。</li></ul>`,
      `<p>咨询电话：${ASSOCIATION.supportPhones[1]}。</p>`,
    ].join(''),
  },
});

import { EXAM_TYPE, JUDGE_ANSWER, JUDGE_OPTIONS, QUESTION_TYPE, type ExamType, type QuestionType } from '@yaoshi/contracts/exam-rules';

/**
 * The demo practice question bank: real questions of a pharmacist's continuing education
 * (rational drug use, antibacterials, antidotes, prescription rules, the Drug
 * Administration Law) for professional papers, and of the public subjects (professional
 * ethics, public health emergencies, personal information protection, research integrity)
 * for public papers. Keys are 1-based option numbers; true/false 1 = 正确, 2 = 错误.
 */
export interface BankQuestion {
  examType: ExamType;
  qtype: QuestionType;
  title: string;
  options: readonly string[];
  answer: string;
}

const single = (examType: ExamType, title: string, options: readonly string[], answer: number): BankQuestion => ({
  examType,
  qtype: QUESTION_TYPE.single,
  title,
  options,
  answer: String(answer),
});
const multiple = (examType: ExamType, title: string, options: readonly string[], answer: readonly number[]): BankQuestion => ({
  examType,
  qtype: QUESTION_TYPE.multiple,
  title,
  options,
  answer: answer.join(','),
});
const judge = (examType: ExamType, title: string, right: boolean): BankQuestion => ({
  examType,
  qtype: QUESTION_TYPE.judge,
  title,
  options: JUDGE_OPTIONS,
  answer: String(right ? JUDGE_ANSWER.right : JUDGE_ANSWER.wrong),
});

const P = EXAM_TYPE.professional;
const G = EXAM_TYPE.public;

export const PROFESSIONAL_QUESTIONS: readonly BankQuestion[] = [
  single(P, '下列药物中，属于β-内酰胺类抗菌药物的是', ['阿莫西林', '阿奇霉素', '左氧氟沙星', '庆大霉素'], 1),
  single(P, '华法林抗凝治疗最常用的监测指标是', ['活化部分凝血活酶时间（APTT）', '国际标准化比值（INR）', '血小板计数', '凝血酶时间（TT）'], 2),
  single(P, '可引起双硫仑样反应、用药期间及停药后短期内应避免饮酒的药物是', ['头孢哌酮', '阿莫西林', '阿奇霉素', '克林霉素'], 1),
  single(P, '氨基糖苷类抗菌药物最主要的不良反应是', ['耳毒性和肾毒性', '肝毒性', '骨髓抑制', '光敏反应'], 1),
  single(P, '喹诺酮类抗菌药物一般不用于18岁以下未成年人，主要原因是', ['可能影响软骨发育', '易致牙齿黄染', '易致灰婴综合征', '易致听神经损害'], 1),
  single(P, '四环素类药物不宜用于8岁以下儿童，主要原因是', ['可致牙齿黄染及牙釉质发育不良', '可致灰婴综合征', '可致瑞氏综合征', '可致肾功能衰竭'], 1),
  single(P, '新生儿大剂量使用氯霉素可能导致', ['灰婴综合征', '瑞氏综合征', '红人综合征', '赫氏反应'], 1),
  single(P, '儿童病毒感染发热时使用阿司匹林，可能诱发', ['瑞氏综合征', '灰婴综合征', '5-羟色胺综合征', '戒断综合征'], 1),
  single(P, '对乙酰氨基酚过量中毒的特效解毒剂是', ['N-乙酰半胱氨酸', '纳洛酮', '氟马西尼', '阿托品'], 1),
  single(P, '阿片类药物过量中毒的特异性拮抗剂是', ['氟马西尼', '纳洛酮', '碘解磷定', '维生素K1'], 2),
  single(P, '苯二氮䓬类药物中毒的特异性拮抗剂是', ['纳洛酮', '二巯丙醇', '氟马西尼', '亚甲蓝'], 3),
  single(P, '有机磷农药中毒时，能使被抑制的胆碱酯酶恢复活性的药物是', ['阿托品', '新斯的明', '碘解磷定', '毒扁豆碱'], 3),
  single(P, '血管紧张素转换酶抑制剂（ACEI）最常见的不良反应是', ['干咳', '踝部水肿', '心动过缓', '低钾血症'], 1),
  single(P, '二甲双胍最常见的不良反应是', ['胃肠道反应', '低血糖', '体重增加', '水钠潴留'], 1),
  single(P, '他汀类调脂药需要警惕的严重不良反应是', ['横纹肌溶解', '再生障碍性贫血', '急性胰腺炎', '视神经炎'], 1),
  single(P, '硝酸甘油缓解心绞痛急性发作采用舌下含服，主要原因是', ['避免首过效应、起效迅速', '延长作用时间', '减少耐药性', '减轻头痛等不良反应'], 1),
  single(P, '根据《处方管理办法》，普通处方一般不得超过几日用量', ['3日', '7日', '14日', '30日'], 2),
  single(P, '根据《处方管理办法》，急诊处方一般不得超过几日用量', ['3日', '5日', '7日', '15日'], 1),
  single(P, '处方开具当日有效；特殊情况需延长有效期的，由开具处方的医师注明，但最长不得超过', ['2天', '3天', '5天', '7天'], 2),
  single(P, '普通处方的印刷用纸颜色为', ['白色', '淡黄色', '淡绿色', '淡红色'], 1),
  single(P, '儿科处方的印刷用纸颜色为', ['白色', '淡黄色', '淡绿色', '淡红色'], 3),
  single(P, '妊娠期高血压患者禁用的降压药是', ['拉贝洛尔', '硝苯地平', '依那普利', '甲基多巴'], 3),
  multiple(P, '下列药物中，属于大环内酯类抗菌药物的有', ['阿奇霉素', '克拉霉素', '红霉素', '头孢呋辛'], [1, 2, 3]),
  multiple(P, '下列药物中，属于质子泵抑制剂的有', ['奥美拉唑', '雷贝拉唑', '雷尼替丁', '泮托拉唑'], [1, 2, 4]),
  multiple(P, '处方审核中，用药适宜性审核的内容包括', ['剂量、用法是否正确', '是否存在重复给药', '是否存在配伍禁忌', '患者的医保类型'], [1, 2, 3]),
  multiple(P, '服药后应避免驾驶车辆或操作机械的药物有', ['氯苯那敏', '地西泮', '维生素C', '苯海拉明'], [1, 2, 4]),
  multiple(P, '下列药物中，临床常需进行治疗药物监测（TDM）的有', ['地高辛', '万古霉素', '苯妥英钠', '维生素B1'], [1, 2, 3]),
  multiple(P, '长期大剂量使用糖皮质激素可能引起的不良反应有', ['骨质疏松', '血糖升高', '诱发或加重感染', '血压降低'], [1, 2, 3]),
  multiple(P, '下列降压药中，属于二氢吡啶类钙通道阻滞剂的有', ['氨氯地平', '硝苯地平', '美托洛尔', '非洛地平'], [1, 2, 4]),
  multiple(P, '根据《药品管理法》，应按假药论处的情形有', ['药品所含成分与国家药品标准规定的成分不符', '以非药品冒充药品', '变质的药品', '超过有效期的药品'], [1, 2, 3]),
  multiple(P, '根据《药品管理法》，属于劣药的情形有', ['药品成分的含量不符合国家药品标准', '被污染的药品', '超过有效期的药品', '以他种药品冒充此种药品'], [1, 2, 3]),
  multiple(P, '老年患者合理用药的原则包括', ['从小剂量开始', '尽量减少用药品种', '定期评估用药方案', '一律按成人最大剂量给药'], [1, 2, 3]),
  judge(P, '头孢菌素类与青霉素类抗菌药物之间存在部分交叉过敏反应。', true),
  judge(P, '抗菌药物可以用于治疗普通感冒等单纯病毒性感染。', false),
  judge(P, '缓释片、控释片一般不宜掰开或嚼碎服用。', true),
  judge(P, '药品超过有效期但外观没有变化的，仍可继续销售使用。', false),
  judge(P, '执业药师应当在执业场所的显著位置公示其执业药师注册证。', true),
  judge(P, '未开封的胰岛素应冷藏保存（2～8℃），且不得冷冻。', true),
  judge(P, '口服铁剂时与浓茶同服，可以促进铁的吸收。', false),
  judge(P, '麻醉药品和第一类精神药品处方的印刷用纸为淡红色。', true),
  judge(P, '服用华法林期间大量食用富含维生素K的食物，可能减弱其抗凝作用。', true),
  judge(P, '药师发现处方存在严重不合理用药时，可以自行修改处方后调配。', false),
];

export const PUBLIC_QUESTIONS: readonly BankQuestion[] = [
  single(G, '《中华人民共和国个人信息保护法》施行的日期是', ['2021年11月1日', '2020年1月1日', '2022年3月1日', '2019年12月1日'], 1),
  single(G, '根据《个人信息保护法》，处理敏感个人信息应当取得个人的', ['单独同意', '口头同意', '默示同意', '事后追认'], 1),
  single(G, '《突发公共卫生事件应急条例》规定，突发事件应急工作应当遵循的方针是', ['预防为主、常备不懈', '防治结合、以治为主', '属地管理、分级负责', '依法科学、联防联控'], 1),
  single(G, '《"健康中国2030"规划纲要》确定的战略主题是', ['共建共享、全民健康', '以治病为中心', '预防为主、中西医并重', '保基本、强基层、建机制'], 1),
  single(G, '我国《传染病防治法》将法定传染病分为', ['二类', '三类', '四类', '五类'], 2),
  multiple(G, '专业技术人员职业道德的基本要求包括', ['爱岗敬业', '诚实守信', '服务群众', '弄虚作假'], [1, 2, 3]),
  multiple(G, '根据《个人信息保护法》，属于敏感个人信息的有', ['生物识别信息', '医疗健康信息', '金融账户信息', '已公开的单位名称'], [1, 2, 3]),
  multiple(G, '下列行为中，属于科研不端行为的有', ['抄袭、剽窃他人成果', '伪造实验数据', '篡改研究结果', '规范引用并注明出处'], [1, 2, 3]),
  judge(G, '鼠疫和霍乱属于甲类传染病。', true),
  judge(G, '在论文中引用他人的研究成果，应当注明出处。', true),
  judge(G, '个人信息处理者可以以"一揽子授权"的方式，强制个人同意其全部处理活动。', false),
  judge(G, '医疗卫生机构发现突发公共卫生事件，应当在2小时内向所在地县级人民政府卫生行政主管部门报告。', true),
];

export const QUESTION_BANK: readonly BankQuestion[] = [...PROFESSIONAL_QUESTIONS, ...PUBLIC_QUESTIONS];

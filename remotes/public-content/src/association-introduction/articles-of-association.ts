/**
 * The association brief and its articles of association (spec 01 §2, §4, §5, §9). Static
 * content; the numbers the spec fixes are named once here and written into the text.
 */
export const CHARTER = {
  quorum: '2/3',
  supervisorsMin: 3,
  supervisorsMax: 5,
  termYears: 5,
  maxTermExtensionYears: 1,
  presidentAgeLimit: 70,
  secretaryGeneralAgeLimit: 65,
  presidentOfficeBudgetYuan: 200_000,
  lapseAfterYears: 2,
  resignationNoticeMonths: 1,
  adopted: '2022年6月',
} as const;

export const ASSOCIATION_BRIEF = [
  '江苏省药师协会是由全省执业药师、药学技术人员和药品生产、经营、使用单位自愿结成的全省性、专业性、非营利性社会组织，接受业务主管单位和社团登记管理机关的业务指导和监督管理。',
  '协会以“服务药师、服务公众、服务行业”为宗旨，组织开展执业药师继续教育、药学服务能力培训、合理用药宣传和学术交流，维护药师的合法权益，推动药师队伍建设和药学服务高质量发展。',
];

export interface Chapter {
  id: string;
  title: string;
  paragraphs: string[];
}

const yuan = CHARTER.presidentOfficeBudgetYuan.toLocaleString('zh-CN');

export const CHAPTERS: readonly Chapter[] = [
  {
    id: 'general',
    title: '第一章　总则',
    paragraphs: [
      '第一条　本会名称为江苏省药师协会（以下简称本会）。',
      '第二条　本会遵守宪法、法律、法规和国家政策，践行社会主义核心价值观，遵守社会道德风尚。',
      '第三条　本会的业务范围：执业药师继续教育，药学服务能力培训与评价，合理用药科普宣传，学术交流，承办政府部门委托的事项。',
    ],
  },
  {
    id: 'members',
    title: '第二章　会员',
    paragraphs: [
      '第四条　本会的会员分为个人会员和单位会员。',
      '第五条　入会程序：（一）提交入会申请书；（二）经理事会或理事会授权的机构讨论通过；（三）由本会发给会员证。',
      '第六条　会员享有下列权利：本会的选举权、被选举权和表决权；参加本会活动；获得本会服务的优先权；对本会工作的批评建议权和监督权；入会自愿、退会自由。',
      '第七条　会员履行下列义务：执行本会的决议；维护本会合法权益；完成本会交办的工作；按规定交纳会费；向本会反映情况，提供有关资料。',
      `第八条　会员退会应书面通知本会，并交回会员证，自通知之日起${CHARTER.resignationNoticeMonths}个月后退会生效。会员连续${CHARTER.lapseAfterYears}年不交纳会费或不参加本会活动的，视为自动退会。`,
      '第九条　会员有严重违反本章程行为的，经理事会表决通过，予以除名。',
    ],
  },
  {
    id: 'organs',
    title: '第三章　组织机构',
    paragraphs: [
      '第十条　本会的最高权力机构是会员代表大会。会员代表大会须有' +
        CHARTER.quorum +
        '以上的会员代表出席方能召开，其决议须经到会会员代表半数以上表决通过方能生效。',
      '第十一条　理事会是会员代表大会的执行机构，在会员代表大会闭会期间领导本会开展日常工作。理事会须有' +
        CHARTER.quorum +
        '以上理事出席方能召开，其决议须经到会理事' +
        CHARTER.quorum +
        '以上表决通过方能生效。理事会每年至少召开一次会议。',
      '第十二条　本会设立常务理事会，在理事会闭会期间行使理事会职权。常务理事会须有' +
        CHARTER.quorum +
        '以上常务理事出席方能召开，其决议须经到会常务理事' +
        CHARTER.quorum +
        '以上表决通过方能生效。常务理事会至少每半年召开一次会议。',
    ],
  },
  {
    id: 'officers',
    title: '第四章　负责人',
    paragraphs: [
      '第十三条　本会设会长一名、副会长若干名、秘书长一名。',
      `第十四条　会长、副会长、监事长任职时最高年龄不超过${CHARTER.presidentAgeLimit}周岁，秘书长任职时最高年龄不超过${CHARTER.secretaryGeneralAgeLimit}周岁。`,
      '第十五条　会长为本会法定代表人，召集和主持理事会、常务理事会和会长办公会议，检查会员代表大会、理事会决议的落实情况。',
    ],
  },
  {
    id: 'terms',
    title: '第五章　任期与监事会',
    paragraphs: [
      `第十六条　理事会、监事会每届任期${CHARTER.termYears}年。因特殊情况需提前或者延期换届的，须由理事会表决通过，报业务主管单位审查并经社团登记管理机关批准，延期换届最长不超过${CHARTER.maxTermExtensionYears}年。`,
      `第十七条　本会设监事会，由${CHARTER.supervisorsMin}至${CHARTER.supervisorsMax}名监事组成，设监事长一名。监事会会议须有${CHARTER.quorum}以上监事出席方能召开。`,
      '第十八条　监事会监督理事会、常务理事会执行会员代表大会决议的情况，检查本会财务和会计资料，向会员代表大会报告工作。',
    ],
  },
  {
    id: 'finance',
    title: '第六章　资产管理、使用原则',
    paragraphs: [
      '第十九条　本会经费来源：会费；捐赠；政府资助；在核准的业务范围内开展活动和服务的收入；利息；其他合法收入。',
      `第二十条　本会建立严格的财务管理制度。单笔支出超过${yuan}元的预算项目，须经会长办公会议审议通过。`,
      '第二十一条　本会的资产，任何单位、个人不得侵占、私分和挪用。本会换届或者更换法定代表人之前必须进行财务审计。',
    ],
  },
  {
    id: 'amendment',
    title: '第七章　章程的修改程序',
    paragraphs: [
      '第二十二条　对本会章程的修改，须经理事会表决通过后报会员代表大会审议。',
      '第二十三条　本会修改的章程，须在会员代表大会通过后15日内，经业务主管单位审查同意，并报社团登记管理机关核准后生效。',
    ],
  },
  {
    id: 'dissolution',
    title: '第八章　终止程序及终止后的财产处理',
    paragraphs: [
      '第二十四条　本会完成宗旨或自行解散或由于分立、合并等原因需要注销的，由理事会提出终止动议，经会员代表大会表决通过，并报业务主管单位审查同意。',
      '第二十五条　本会终止前，须在业务主管单位及有关机关指导下成立清算组织，清理债权债务，处理善后事宜。终止后的剩余财产，在业务主管单位和社团登记管理机关的监督下，按照国家有关规定，用于发展与本会宗旨相关的事业。',
      `第二十六条　本章程经${CHARTER.adopted}会员代表大会表决通过，自社团登记管理机关核准之日起生效。本章程的解释权属本会理事会。`,
    ],
  },
];

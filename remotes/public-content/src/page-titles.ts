import type { EXPOSES } from './exposes';

/**
 * The Chinese name of each exposed page, as the shell's route table knows it; the pages
 * use it for their headings (a page never imports `exposes.ts`, the composition root).
 */
export const PAGE_TITLES: Record<keyof typeof EXPOSES, string> = {
  './Home': '首页',
  './NewsList': '资讯列表',
  './AssociationNewsDetail': '新闻详情',
  './NewDetail': '专题详情',
  './AssociationIntroduce': '协会简介',
  './ContactUs': '联系我们',
  './Notice': '通知公告',
  './DownloadApp': '下载APP',
  './Verify': '学时证明验证',
};

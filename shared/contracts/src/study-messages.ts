/**
 * The study pages' texts (spec 02 §5, §8), in Chinese, shared by the server's refusals and
 * the browser, so both say the same thing. Texts the spec gives in Chinese are verbatim.
 */
export const STUDY_MESSAGES = {
  avatarUnderReview: '头像审核中',
  previousUnfinished: '请先完成前一课程的学习',
  previousUnrated: '请先完成前一课程的评价',
  completePreviousFirst: '请先完成前一课程',
  gradeRequired: '请评价该课程的满意度',
  chooseAnswer: '请选择答案',
  wrongAnswer: '选择错误，请重新选择',
  quizSubmitted: '提交成功',
  trialEnded: '试看已结束',
  useChrome: '请使用谷歌浏览器（Chrome）观看课程',
  useAppOrPc: '请使用APP或电脑观看课程',
  archiveReview: '恭喜您已完成本年度全部课程的学习！您的学时将在7个工作日内完成审核归档，请耐心等待。',
  allCoursesComplete: '恭喜您已完成全部课程的学习！',
  evaluationSaved: '评价成功',
  /** A finished course left unrated, at the top of its review page. */
  ratePrompt: '您已学完本课程，尚未评价。无需重新观看，点击“评价”即可完成。',
  rateAction: '评价',
  /** The study page's status when it is not recording. */
  statusElsewhere: '已在其他页面学习',
  statusStopped: '已暂停记录',
  noCourses: '暂无课程',
  faceCheckTitle: '人脸识别验证',
  faceCheckHint: '为保证学习真实性，请正对摄像头完成人脸拍照，60秒内未上传将刷新页面。',
  cannotSeekAhead: '不能拖动到尚未学习的位置',

  // The server's refusals of a study call.
  courseNotFound: '课程不存在',
  notEnrolled: '您尚未报名该课程',
  noVideo: '该课程暂无视频',
  faceToFaceClosed: '面授课程暂未开放',
  notFinishedForRating: '请学完课程后再评价',
  alreadyRated: '您已评价过该课程',
  reportBeyondLength: '上报的学习进度超过视频时长，本次记录未保存',
  reportTooFast: '学习进度增长快于实际观看时间，本次记录未保存',
  reportBackwards: '学习进度不能倒退，本次记录未保存',
  reportTrialLimit: '试看已结束',
  reportSecondSession: '您正在其他页面或设备上学习本平台课程，本页面已暂停记录',
  /** The study page, refused as a second session: what happened, and what the button does. */
  elsewhereTitle: '本页面已暂停学习记录',
  elsewhereDetail:
    '您正在其他页面或设备上学习本平台课程。同一时间只记录一处的学习时长；点击“在此继续学习”后，学习将转到本页面，另一处随即暂停。',
  continueHere: '在此继续学习',
  reportUnknownSession: '学习记录已失效，请刷新页面后继续学习',
  reportAlreadyCompleted: '该课程已学完，复习不再记录进度',
  reportBusy: '学习记录提交过于频繁，请稍后再试',
  quizNotFound: '题目不存在',
  quizAnswerInvalid: '答案不合法',
} as const;

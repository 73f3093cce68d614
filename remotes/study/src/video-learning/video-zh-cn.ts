import videojs from 'video.js';
import videoJsZhCn from 'video.js/dist/lang/zh-CN.json';

/** The player's language (the lesson player passes it to video.js). */
export const PLAYER_LANGUAGE = 'zh-CN';

/**
 * Texts video.js 8 shows that its own zh-CN file lacks (the file is keyed by the English
 * text, and a few controls use a variant of a key), and a few of its wordings that read
 * oddly to a learner.
 */
export const PLAYER_TEXT_SUPPLEMENT: Readonly<Record<string, string>> = {
  Time: '时间',
  'Skip Backward': '快退',
  'Skip Forward': '快进',
  Chapters: '章节',
  Unmute: '取消静音',
  Loaded: '已加载',
  'This is a modal window.': '这是一个弹窗。',
  'Playing in picture-in-picture': '正在画中画中播放',
  'Playing in Picture-in-Picture': '正在画中画中播放',
  'progress bar timing: currentTime={1} duration{2}': '{1}/{2}',
  'Drop shadow': '下阴影',
  'Drop Shadow': '下阴影',
  'Beginning of dialog window. Escape will cancel and close the window.': '对话窗口开始，按退出键可取消并关闭窗口。',
  'This modal can be closed by pressing the Escape key or activating the close button.':
    '按退出键或点击关闭按钮可关闭此弹窗。',
};

/**
 * What the learner reads when the video cannot play, by the error's MediaError code. The
 * player's own errors are translated by the texts above, but the HLS engine (VHS) reports
 * its own in English with an address in them ("HLS playlist request error at URL: …"), so
 * the lesson player replaces every error's text with the one for its kind.
 */
export const PLAYER_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  1: '视频播放已中止，请刷新页面重试。',
  2: '网络错误，视频未能加载。请检查网络后刷新页面重试。',
  3: '视频无法解码播放。请刷新页面重试，如仍不能播放请使用最新版 Chrome 浏览器。',
  4: '视频无法加载。请检查网络后刷新页面重试，如仍不能播放请联系协会。',
};
export const PLAYER_ERROR_FALLBACK = '视频播放出错，请刷新页面重试。';

export function playerErrorMessage(code: number): string {
  return PLAYER_ERROR_MESSAGES[code] ?? PLAYER_ERROR_FALLBACK;
}

export function isPlayerErrorMessage(text: string): boolean {
  return text === PLAYER_ERROR_FALLBACK || Object.values(PLAYER_ERROR_MESSAGES).includes(text);
}

/**
 * Registers the Chinese texts with video.js once. Imported by the lesson player only, so
 * it travels in the player's chunk and no other page downloads it.
 */
export function registerPlayerLanguage(): void {
  videojs.addLanguage(PLAYER_LANGUAGE, { ...videoJsZhCn, ...PLAYER_TEXT_SUPPLEMENT });
}

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
 * Registers the Chinese texts with video.js once. Imported by the lesson player only, so
 * it travels in the player's chunk and no other page downloads it.
 */
export function registerPlayerLanguage(): void {
  videojs.addLanguage(PLAYER_LANGUAGE, { ...videoJsZhCn, ...PLAYER_TEXT_SUPPLEMENT });
}

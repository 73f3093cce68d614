/** `/notice`: see notice-view.tsx (the server renders the same view). */
export { NoticeView as default } from './notice-view';

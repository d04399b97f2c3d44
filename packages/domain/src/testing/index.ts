// Test data the apps' tests share (`@quayline/domain/testing`); no app code imports it.
export { priseNoticeContent } from './prise-notice';

/** spec 01 "Student-area shell": clicking the avatar warns before going to face collection. */
export const AVATAR_CHANGE_CONFIRM = {
  title: '提示',
  content: '更换人脸头像后，需等待审核通过才能继续学习，确定要更换吗？',
  okText: '确定',
  cancelText: '取消',
} as const;

export const FACE_COLLECTION_PATH = '/faceCollection';

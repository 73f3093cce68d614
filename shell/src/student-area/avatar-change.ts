export const FACE_COLLECTION_PATH = '/faceCollection';

/** VHS ships no types; the lesson player only loads it for its side effect (see video-source.ts). */
declare module '@videojs/http-streaming';

/** Stylesheets are imported as text (rspack.config.ts: asset/source). */
declare module '*.css' {
  const text: string;
  export default text;
}

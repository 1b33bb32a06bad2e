/**
 * The notification server is another process: it reads the icon file itself and cannot look inside app.asar (an
 * archive only Electron's patched fs understands). electron-builder unpacks the assets next to the archive
 * (`asarUnpack` in electron-builder.yml), so a path into `app.asar` is rewritten into `app.asar.unpacked`.
 * Development paths (no archive) are returned as they are.
 */
export function unpackedAsarPath(filePath: string): string {
  return filePath.replace(/([\\/])app\.asar(?=[\\/])/, '$1app.asar.unpacked');
}

/**
 * Hands a blob to the browser as a file download, through a temporary link (the only way a script
 * may start one). The object URL is revoked later, not at once: the browser reads it after click().
 */
export function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

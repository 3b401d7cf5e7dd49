import type { Page } from "@playwright/test";

/**
 * What a door keeps on the phone: how many lists its IndexedDB database `store` holds, and the localStorage
 * keys of its queue (those starting with `store`). After «Logg ut» both must be empty.
 */
export async function keptOnPhone(page: Page, store: string): Promise<{ lists: number; localKeys: string[] }> {
  return page.evaluate(async (name) => {
    const lists = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("dorliste")) return resolve(0);
        const count = db.transaction("dorliste").objectStore("dorliste").count();
        count.onsuccess = () => {
          resolve(count.result);
          db.close();
        };
        count.onerror = () => reject(count.error);
      };
    });
    return { lists, localKeys: Object.keys(localStorage).filter((key) => key.startsWith(name)) };
  }, store);
}

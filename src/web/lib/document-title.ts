import { useEffect } from 'react';

export const PRODUCT_NAME = 'Grantwell';

/**
 * Names the browser tab after the page: its parts, the most particular first, then the product
 * ('Clean Water Initiative · Grants · Grantwell'). A part not known yet, such as the name of a
 * record still loading, is left out until it is.
 */
export function useDocumentTitle(...parts: (string | null | undefined)[]) {
  const title = [...parts, PRODUCT_NAME].filter(Boolean).join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

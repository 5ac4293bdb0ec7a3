/** A task category as people read it: 'research' → 'Research'. */
export const categoryLabel = (category: string) =>
  category.charAt(0).toUpperCase() + category.slice(1);

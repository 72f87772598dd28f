/** What the checkout endpoints answer (server/src/modules/checkout/schemas.ts). */

export const REST = { dataProviderName: "rest" } as const;

export interface Color { code: string; name: string; hex: string | null }

export interface GridProduct {
  id: number; shopId: number; shopName: string; code: string; name: string; imageUrl: string | null;
  price: number; compareAtPrice: number | null; discountPercent: number; stock: number;
  brandId: number | null; brandName: string | null; categoryId: number | null; categoryName: string | null;
  colors: Color[]; weightKg: number;
}

export interface ProductDetail extends GridProduct {
  description: string | null; keyHighlights: string[]; images: string[]; unitName: string | null; warrantyName: string | null;
}

export interface Choice { id: number; name: string }
export interface Filters { shops: Choice[]; brands: Choice[]; categories: Choice[] }

export interface QuoteOption {
  transportType: string; transportTypeName: string; zone: string; zoneName: string;
  ratePrice: number | null; price: number | null; reason: string | null;
}

export interface Quote {
  shopId: number; shopName: string;
  lines: { productId: number; name: string; price: number; stock: number; quantity: number; amount: number }[];
  subtotal: number; weightKg: number; freeShippingFrom: number | null; freeShipping: boolean; maxQuantity: number;
  options: QuoteOption[];
}

export interface Province { id: number; name: string; nameTh: string }
export interface District { id: number; provinceId: number; name: string; nameTh: string; zipcode: string }

import { ProductPage, productMetadata } from '@/components/products/product-page';

export const metadata = productMetadata('analytics');

export default function Page() {
  return <ProductPage slug="analytics" />;
}

import { ProductPage, productMetadata } from '@/components/products/product-page';

export const metadata = productMetadata('transactionals');

export default function Page() {
  return <ProductPage slug="transactionals" />;
}

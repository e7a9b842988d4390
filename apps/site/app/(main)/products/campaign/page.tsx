import { ProductPage, productMetadata } from '@/components/products/product-page';

export const metadata = productMetadata('campaign');

export default function Page() {
  return <ProductPage slug="campaign" />;
}

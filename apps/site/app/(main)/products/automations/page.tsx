import { ProductPage, productMetadata } from '@/components/products/product-page';

export const metadata = productMetadata('automations');

export default function Page() {
  return <ProductPage slug="automations" />;
}

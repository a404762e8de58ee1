import { Page } from '@/components/layout/page';

export default function Screen() {
  return <Page title="Professional external review demo" />;
}

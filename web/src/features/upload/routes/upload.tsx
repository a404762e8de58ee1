import { Page } from '@/components/layout/page';

export default function Screen() {
  return <Page title="Upload a session" />;
}

import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function NotFoundScreen() {
  return (
    <Page title="Page not found" lead="The page you are looking for does not exist or is not available to your account.">
      <Link to={paths.home} className={buttonVariants()}>
        Back to home
      </Link>
    </Page>
  );
}

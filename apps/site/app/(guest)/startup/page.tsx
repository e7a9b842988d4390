import { GuestPage } from '@/components/layout/guest-page';
import { PartnerLogos } from '@/components/partners/partner-logos';
import { StartupForm } from '@/components/startup/startup-form';
import { StartupProgram } from '@/components/startup/startup-program';
import { pageMetadata } from '@/lib/metadata';
import { runtime } from '@/lib/runtime';

const title = 'Start accelerating your growth today';

export const metadata = pageMetadata({
  title,
  description: 'Startups can get up to 70% off enterprise-grade growth tools.',
  path: '/startup',
});

export default function Page() {
  return (
    <GuestPage
      title={title}
      lead="Early-stage teams get up to 70% off the same growth tools enterprises use. Apply in two minutes; we reply to every application."
      details={
        <>
          <StartupProgram />
          <PartnerLogos count={4} label="Growing with Growmail" />
        </>
      }
      formTitle="Submit Application"
      form={<StartupForm salesUrl={runtime.urls.sales} usersUrl={runtime.urls.users} />}
    />
  );
}

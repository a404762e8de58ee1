import { Page } from '@/components/layout/page';
import { useViewer } from '@/components/layout/viewer';
import { TrialStatus } from '@/components/trial-status';
import { ResumePending } from '../components/resume-pending';
import { UploadForm } from '../components/upload-form';
import { UploadProgress } from '../components/upload-progress';
import { UploadSquad } from '../components/upload-squad';
import { useUploadStore } from '../upload-store';

export default function UploadScreen() {
  const { task, snapshot, pending, error } = useUploadStore();
  const viewer = useViewer();
  return (
    <Page
      title="Upload a session"
      lead="Add the recording of a coaching session (audio or video). Large files upload in resumable pieces: you can pause, and an interrupted upload picks up where it stopped."
    >
      <TrialStatus plan={viewer?.plan} className="mb-6 max-w-2xl" />
      {task && snapshot ? (
        <UploadProgress snapshot={snapshot} error={error} />
      ) : pending ? (
        <ResumePending />
      ) : (
        <>
          <UploadForm />
          <UploadSquad />
        </>
      )}
    </Page>
  );
}

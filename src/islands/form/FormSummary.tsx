/** The form-level message on submit ('Please Fill In The Required Items', or the server's msg). */
export default function FormSummary({ message }: { message: string }) {
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

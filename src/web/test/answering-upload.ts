/**
 * A stand-in for XMLHttpRequest, with which a file is sent (for its upload's progress): every
 * request is answered 200 with `answer` as its JSON body.
 */
export function answeringUpload(answer: unknown) {
  return class AnsweringUpload {
    status = 200;
    statusText = 'OK';
    responseText = JSON.stringify(answer);
    upload: { onprogress: unknown } = { onprogress: null };
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      queueMicrotask(() => this.onload?.());
    }
  };
}

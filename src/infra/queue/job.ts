/** What a job handler is given: the queue's job id, its data, and how many times it was retried. */
export interface JobContext<T> { id: string, data: T, retryCount: number }

export type JobHandler<T> = (job: JobContext<T>) => Promise<void>

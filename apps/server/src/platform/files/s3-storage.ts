import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { type ByteRange, checkStorageKey, DEFAULT_MAX_STORED_BYTES, type FileStorage, limitBytes, StoredFileTooLarge } from './file-storage.port.ts';

export interface S3Settings {
  /** e.g. https://oss-cn-beijing.aliyuncs.com or http://minio:9000; unset for AWS itself */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** prepended to every key, so one bucket can serve several deployments */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** path-style addressing (bucket in the path): MinIO and most self-hosted stores need it */
  forcePathStyle: boolean;
}

/** Streamed writes go up in parts of this size (S3's minimum part is 5 MiB): memory stays bounded by one part. */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/**
 * Files in S3-compatible object storage (AWS S3, MinIO, 阿里云 OSS, 腾讯云 COS …) for deployments
 * that have it. A small file is one PutObject; a streamed one is a multipart upload of 8 MiB parts,
 * aborted if the source fails, so nothing is left under the key. Objects are whole or absent, so
 * concurrent writers of one key leave one of them entire.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(
    private readonly s: S3Settings,
    private readonly maxBytes = DEFAULT_MAX_STORED_BYTES,
  ) {
    this.client = new S3Client({
      region: s.region,
      endpoint: s.endpoint ?? undefined,
      forcePathStyle: s.forcePathStyle,
      credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
      // checksums only where S3 requires them: several S3-compatible stores reject the newer default
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string) {
    return `${this.s.prefix}${checkStorageKey(key)}`;
  }

  async put(key: string, data: Buffer) {
    if (data.length > this.maxBytes) throw new StoredFileTooLarge(this.maxBytes);
    await this.client.send(new PutObjectCommand({ Bucket: this.s.bucket, Key: this.objectKey(key), Body: data }));
  }

  async putStream(key: string, source: Readable) {
    const Key = this.objectKey(key);
    const counted = { bytes: 0 };
    let part: Buffer[] = [];
    let partBytes = 0;
    let uploadId: string | undefined;
    const etags: { ETag: string; PartNumber: number }[] = [];
    const sendPart = async () => {
      if (!uploadId) {
        const made = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.s.bucket, Key }));
        uploadId = made.UploadId;
      }
      const PartNumber = etags.length + 1;
      const r = await this.client.send(
        new UploadPartCommand({ Bucket: this.s.bucket, Key, UploadId: uploadId, PartNumber, Body: Buffer.concat(part, partBytes) }),
      );
      etags.push({ ETag: r.ETag ?? '', PartNumber });
      part = [];
      partBytes = 0;
    };
    try {
      for await (const b of limitBytes(source, this.maxBytes, counted)) {
        part.push(b);
        partBytes += b.length;
        if (partBytes >= S3_PART_BYTES) await sendPart();
      }
      if (!uploadId) {
        // small enough for one request
        await this.client.send(new PutObjectCommand({ Bucket: this.s.bucket, Key, Body: Buffer.concat(part, partBytes) }));
        return counted.bytes;
      }
      if (partBytes > 0) await sendPart();
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.s.bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: etags } }));
      return counted.bytes;
    } catch (e) {
      if (uploadId) await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.s.bucket, Key, UploadId: uploadId })).catch(() => {});
      throw e;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const r = await this.client.send(
        new GetObjectCommand({
          Bucket: this.s.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      return r.Body instanceof Readable ? r.Body : Readable.from([Buffer.from((await r.Body?.transformToByteArray()) ?? [])]);
    } catch (e) {
      const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404) return null;
      throw e;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: this.objectKey(key) }));
  }
}

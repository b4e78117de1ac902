import { DatePicker, Flex, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** 展示时间: optional start and end, Beijing time as the server compares them. */
export function WindowFields() {
  return (
    <Flex gap={12}>
      <Form.Item name="startAt" label="开始时间" style={{ flex: 1 }} extra="留空即审核通过后立即展示">
        <DatePicker showTime style={{ width: '100%' }} placeholder="立即" />
      </Form.Item>
      <Form.Item
        name="endAt"
        label="结束时间"
        style={{ flex: 1 }}
        dependencies={['startAt']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, v: Dayjs | null) => {
              const s = getFieldValue('startAt') as Dayjs | null;
              return !v || !s || v.isAfter(s) ? Promise.resolve() : Promise.reject(new Error('结束时间须晚于开始时间'));
            },
          }),
        ]}
        extra="留空即长期展示"
      >
        <DatePicker showTime style={{ width: '100%' }} placeholder="长期" />
      </Form.Item>
    </Flex>
  );
}

export const toWindow = (v: { startAt?: Dayjs | null; endAt?: Dayjs | null }) => ({
  startAt: v.startAt ? v.startAt.format(FORMAT) : null,
  endAt: v.endAt ? v.endAt.format(FORMAT) : null,
});
export const fromWindow = (startAt: string | null, endAt: string | null) => ({
  startAt: startAt ? dayjs(startAt) : null,
  endAt: endAt ? dayjs(endAt) : null,
});

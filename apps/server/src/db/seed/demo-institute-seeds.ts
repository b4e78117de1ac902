// The demo institutes, their department trees and teams, and their accounts (seeded by demo-institutes.ts).

export interface DeptSeed {
  name: string;
  children?: DeptSeed[];
  teams?: string[];
}

export interface InstituteSeed {
  name: string;
  code: string;
  tree: DeptSeed;
}

export const INSTITUTES: InstituteSeed[] = [
  {
    name: '中国科学院化学研究所',
    code: 'ICCAS',
    tree: {
      name: '中国科学院化学研究所',
      children: [
        { name: '有机固体实验室', teams: ['李明华课题组', '宋雨晴课题组'] },
        { name: '高分子物理与化学实验室', teams: ['唐振宇课题组'] },
        { name: '分子反应动力学实验室', children: [{ name: '激光光谱研究组', teams: ['钱立新课题组'] }] },
        { name: '分析测试中心' },
      ],
    },
  },
  {
    name: '中国科学院上海药物研究所',
    code: 'SIMM',
    tree: {
      name: '中国科学院上海药物研究所',
      children: [
        { name: '药物化学研究室', teams: ['何军课题组', '许文杰课题组'] },
        { name: '药理学研究室', teams: ['邓慧敏课题组'] },
        { name: '分析测试中心' },
      ],
    },
  },
];

export interface UserSeed {
  userName: string;
  realName: string;
  phone: string;
  email?: string;
  role: string;
  /** department names in this institute; the first is the current one unless a choice is needed */
  depts: string[];
  team?: string;
  defaultDept?: string;
  forceModify?: boolean;
}

export const INSTITUTE_USERS: Record<string, UserSeed[]> = {
  ICCAS: [
    {
      userName: 'buyer1',
      realName: '王晓明',
      phone: '13810230001',
      email: 'wangxm@iccas.example.cn',
      role: 'buyer',
      depts: ['有机固体实验室'],
      team: '李明华课题组',
    },
    { userName: 'leader1', realName: '李明华', phone: '13810230002', role: 'team_leader', depts: ['有机固体实验室'], team: '李明华课题组' },
    { userName: 'owner1', realName: '陈志强', phone: '13810230003', role: 'institute_owner', depts: ['中国科学院化学研究所'] },
    { userName: 'checker1', realName: '赵丽', phone: '13810230004', role: 'checker', depts: ['分析测试中心'] },
    { userName: 'finance1', realName: '孙静', phone: '13810230005', role: 'finance', depts: ['中国科学院化学研究所'] },
    { userName: 'assistant1', realName: '周婷', phone: '13810230006', role: 'assistant', depts: ['有机固体实验室'], team: '李明华课题组' },
    { userName: 'multi1', realName: '刘洋', phone: '13810230007', role: 'buyer', depts: ['有机固体实验室', '高分子物理与化学实验室'], team: '宋雨晴课题组' },
    {
      userName: 'multidef1',
      realName: '黄伟',
      phone: '13810230008',
      role: 'buyer',
      depts: ['有机固体实验室', '高分子物理与化学实验室'],
      defaultDept: '高分子物理与化学实验室',
      team: '唐振宇课题组',
    },
    { userName: 'newbie1', realName: '吴磊', phone: '13810230009', role: 'buyer', depts: ['激光光谱研究组'], team: '钱立新课题组', forceModify: true },
    {
      userName: 'freeze1',
      realName: '郑浩',
      phone: '13810230010',
      email: 'zhenghao@iccas.example.cn',
      role: 'buyer',
      depts: ['激光光谱研究组'],
      team: '钱立新课题组',
    },
  ],
  SIMM: [
    { userName: 'buyer2', realName: '林芳', phone: '13916580001', role: 'buyer', depts: ['药物化学研究室'], team: '何军课题组' },
    { userName: 'leader2', realName: '何军', phone: '13916580002', role: 'team_leader', depts: ['药物化学研究室'], team: '何军课题组' },
    { userName: 'owner2', realName: '马建国', phone: '13916580003', role: 'institute_owner', depts: ['中国科学院上海药物研究所'] },
    { userName: 'checker2', realName: '罗敏', phone: '13916580004', role: 'checker', depts: ['分析测试中心'] },
    { userName: 'finance2', realName: '高燕', phone: '13916580005', role: 'finance', depts: ['中国科学院上海药物研究所'] },
    { userName: 'assistant2', realName: '梁超', phone: '13916580006', role: 'assistant', depts: ['药物化学研究室'], team: '何军课题组' },
  ],
};

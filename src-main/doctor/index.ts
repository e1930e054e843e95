export { runDoctor, memberReport, type DoctorOptions, type DoctorReport, type ListCheck, type MemberReport } from './run-doctor.ts';

import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('roles')
export class Role {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200, unique: true })
  name: string;

  /** Permission codenames from permissions.data.ts. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  permissions: string[];
}

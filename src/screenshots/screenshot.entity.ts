import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** An image showing strings in context; it belongs to a translation (usually the source one). */
@Entity('screenshots')
export class Screenshot {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Where the image lives in the component's repository, if it comes from there. */
  @Column({ type: 'varchar', length: 200, default: '' })
  repositoryFilename: string;

  @Column()
  translationId: number;

  /** The image file, relative to DATA_DIR (`screenshots/<project id>/<uuid>.<ext>`). */
  @Column({ type: 'varchar', length: 300 })
  imagePath: string;

  @Column({ type: 'varchar', length: 50 })
  contentType: string;

  /** Who uploaded it; null once that user is removed. */
  @Column({ type: 'integer', nullable: true })
  userId: number | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  timestamp: Date;
}

/** A string the screenshot shows (a unit of the screenshot's translation). */
@Entity('screenshot_units')
export class ScreenshotUnit {
  @PrimaryColumn()
  screenshotId: number;

  @PrimaryColumn()
  unitId: number;
}

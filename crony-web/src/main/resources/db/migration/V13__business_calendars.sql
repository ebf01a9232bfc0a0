-- Business calendars: named working-day calendars of a department (holidays, make-up
-- working days, a weekly pattern, an optional zone). A job follows at most one, with a
-- rule; its spec carries the whole calendar, so agents read nothing else. The foreign key
-- keeps a followed calendar from being deleted.

CREATE TABLE calendar (
    id            BIGINT        NOT NULL AUTO_INCREMENT,
    department_id BIGINT        NOT NULL,
    name          VARCHAR(64)   NOT NULL,
    description   VARCHAR(1024) NULL,
    -- io.crony.common.calendar.BusinessCalendar as JSON: workingDays, holidays, workdays,
    -- timeZone (the name is the column's)
    definition    LONGTEXT      NOT NULL,
    version       BIGINT        NOT NULL,
    created_by    VARCHAR(128)  NOT NULL,
    created_at    DATETIME(3)   NOT NULL,
    updated_by    VARCHAR(128)  NOT NULL,
    updated_at    DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_calendar_department_name (department_id, name),
    CONSTRAINT fk_calendar_department FOREIGN KEY (department_id) REFERENCES department (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

ALTER TABLE job
    ADD COLUMN calendar_id BIGINT NULL,
    ADD CONSTRAINT fk_job_calendar FOREIGN KEY (calendar_id) REFERENCES calendar (id);

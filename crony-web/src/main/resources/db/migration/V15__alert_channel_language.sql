-- The language an alert channel's messages are written in: 'en' or 'zh-CN'
-- (io.crony.alert.AlertLanguage). Existing channels keep English.
ALTER TABLE alert_channel ADD COLUMN language VARCHAR(16) NOT NULL DEFAULT 'en';

package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

const dingTalkTimeout = 10 * time.Second

// dingTalk sends text messages to a DingTalk custom robot.
type dingTalk struct {
	base   *url.URL // the robot's send URL, without the token
	token  string
	secret string // empty: the robot is not set to signing
}

// send posts one text message. Its errors never carry the token: the send URL is left
// out of them, as it would land in the pod's log.
func (d dingTalk) send(ctx context.Context, client *http.Client, content string, now time.Time) error {
	payload, err := json.Marshal(map[string]any{
		"msgtype": "text",
		"text":    map[string]string{"content": content},
	})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, dingTalkTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.sendURL(now), bytes.NewReader(payload))
	if err != nil {
		return errors.New("bad DingTalk URL")
	}
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("DingTalk at %s unreachable: %v", d.base.Host, withoutURL(err))
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("DingTalk answered HTTP %d: %s", resp.StatusCode, excerpt(body, excerptLen))
	}
	// DingTalk answers 200 for refusals too (wrong token, bad signature, keyword missing):
	// only errcode 0 is a delivered message.
	var answer struct {
		ErrCode *int   `json:"errcode"`
		ErrMsg  string `json:"errmsg"`
	}
	if err := json.Unmarshal(body, &answer); err != nil || answer.ErrCode == nil {
		return fmt.Errorf("DingTalk's answer is not its JSON: %s", excerpt(body, excerptLen))
	}
	if *answer.ErrCode != 0 {
		return fmt.Errorf("DingTalk refused the message: errcode %d %s", *answer.ErrCode, answer.ErrMsg)
	}
	return nil
}

// sendURL is base?access_token=T, plus &timestamp=&sign= when the robot signs.
func (d dingTalk) sendURL(now time.Time) string {
	u := *d.base
	q := u.Query()
	q.Set("access_token", d.token)
	if d.secret != "" {
		ms := now.UnixMilli()
		q.Set("timestamp", strconv.FormatInt(ms, 10))
		q.Set("sign", dingTalkSign(d.secret, ms)) // Encode URL-encodes it, as DingTalk wants
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// dingTalkSign is DingTalk's robot signature before URL encoding:
// base64(HmacSHA256(key = secret, message = timestamp + "\n" + secret)).
func dingTalkSign(secret string, ms int64) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(ms, 10) + "\n" + secret))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// withoutURL drops the URL net/http puts into its errors ("Post \"https://...\": ..."),
// which may carry a token in its query.
func withoutURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		if ue.Timeout() {
			return errors.New("no answer in time")
		}
		return ue.Err
	}
	return err
}
